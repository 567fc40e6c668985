// Solves the claim page's proof-of-work challenge (decision 014) with Web Crypto: finds the number whose
// SHA-256 of salt + number is the challenge, puts altcha's payload into the form and enables its button.
// Plain script from our own origin (CSP 'self'), for pages with or without React running.
(function () {
  var BATCH = 500;
  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), function (b) {
      return b.toString(16).padStart(2, "0");
    }).join("");
  }
  async function solve(c) {
    var encoder = new TextEncoder();
    for (var start = 0; start <= c.maxnumber; start += BATCH) {
      var digests = [];
      for (var n = start; n < Math.min(start + BATCH, c.maxnumber + 1); n++) digests.push(crypto.subtle.digest("SHA-256", encoder.encode(c.salt + n)));
      var hashes = await Promise.all(digests);
      for (var i = 0; i < hashes.length; i++) if (hex(hashes[i]) === c.challenge) return start + i;
    }
    return null;
  }
  function start(form) {
    var c = JSON.parse(form.getAttribute("data-claim-challenge"));
    form.setAttribute("data-solving", c.signature);
    var button = form.querySelector("button[type=submit]");
    var ready = button.getAttribute("data-ready-label") || button.textContent;
    button.setAttribute("data-ready-label", ready);
    button.textContent = button.getAttribute("data-working-label");
    button.disabled = true;
    var noScript = form.querySelector("[data-challenge-noscript]");
    if (noScript) noScript.hidden = true;
    var failed = function () {
      var note = form.querySelector("[data-challenge-failed]");
      if (note) note.hidden = false;
    };
    if (!window.crypto || !crypto.subtle) return failed();
    solve(c).then(function (number) {
      if (number === null) return failed();
      var payload = { algorithm: c.algorithm, challenge: c.challenge, number: number, salt: c.salt, signature: c.signature };
      form.querySelector("input[name=altcha]").value = btoa(JSON.stringify(payload));
      button.textContent = ready;
      button.disabled = false;
      form.setAttribute("data-solved", "");
    }, failed);
  }
  // each challenge once, also when React renders a new one into the same form
  function scan() {
    document.querySelectorAll("form[data-claim-challenge]").forEach(function (form) {
      if (form.getAttribute("data-solving") !== JSON.parse(form.getAttribute("data-claim-challenge")).signature) start(form);
    });
  }
  scan();
  new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-claim-challenge"] });
})();
