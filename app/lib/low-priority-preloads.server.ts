import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Marks React Router's module preloads `fetchpriority="low"` in the document head, so that on a slow
 * connection the stylesheet, the fonts and the first images get the bandwidth before ~170 KB of
 * JavaScript: the page paints first and starts the app right after. React renders the head in one
 * piece; it is held until `</head>` and passed on rewritten, the rest streams through untouched.
 */
export function lowPriorityPreloads() {
  const decoder = new StringDecoder("utf8"); // a chunk may end inside a multi-byte character
  let head = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      done = true;
      const rewritten = head
        .slice(0, end)
        .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
      callback(null, Buffer.from(rewritten + head.slice(end), "utf8"));
    },
    flush(callback) {
      callback(null, done ? undefined : Buffer.from(head + decoder.end(), "utf8"));
    },
  });
}
