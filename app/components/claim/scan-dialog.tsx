import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

import { codeFromScan } from "#shared/claim-code-rule.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/use-translation";
import { dataKey } from "~/locales/message-key";

type Status = { kind: "info" | "error"; key: string };

interface NdefRecord {
  recordType: string;
  data?: DataView;
}
interface NdefReaderLike {
  scan(opts?: { signal?: AbortSignal }): Promise<void>;
  addEventListener(type: "reading", fn: (e: { message: { records: NdefRecord[] } }) => void): void;
  addEventListener(type: "readingerror", fn: () => void): void;
}

/** NFC (Web NFC) or QR (BarcodeDetector, else qr-scanner) reading; either continues with the code found. */
export default function ScanDialog({ mode, onClose }: { mode: "nfc" | "qr"; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>({ kind: "info", key: "" });
  const [nfcSupported] = useState(() => typeof window !== "undefined" && "NDEFReader" in window);

  useEffect(() => {
    const abort = new AbortController();
    const found = (payload: string, noCodeKey: string) => {
      const code = codeFromScan(payload);
      if (code) {
        abort.abort();
        onClose();
        navigate(`/claim/${code}`);
      } else setStatus({ kind: "error", key: noCodeKey });
    };
    if (mode === "nfc") {
      if (!nfcSupported) return;
      const Reader = (window as unknown as { NDEFReader: new () => NdefReaderLike }).NDEFReader;
      const reader = new Reader();
      reader.addEventListener("reading", ({ message }) => {
        const decoder = new TextDecoder();
        const texts = message.records
          .filter((r) => r.data && (r.recordType === "url" || r.recordType === "text"))
          .map((r) => decoder.decode(r.data));
        found(texts.find((x) => codeFromScan(x)) ?? texts[0] ?? "", "claim.scan.nfcNoCode");
      });
      reader.addEventListener("readingerror", () => setStatus({ kind: "error", key: "claim.scan.nfcError" }));
      reader.scan({ signal: abort.signal }).catch(() => setStatus({ kind: "error", key: "claim.scan.nfcError" }));
      return () => abort.abort();
    }
    let stop = () => {};
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia)
        return setStatus({ kind: "error", key: "claim.scan.cameraUnavailable" });
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      } catch (e) {
        const name = (e as DOMException).name;
        return setStatus({
          kind: "error",
          key:
            name === "NotAllowedError" || name === "SecurityError"
              ? "claim.scan.cameraDenied"
              : "claim.scan.cameraUnavailable",
        });
      }
      if (abort.signal.aborted || !video.current) return stream.getTracks().forEach((tr) => tr.stop());
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      stop = () => stream.getTracks().forEach((tr) => tr.stop());
      // One camera stream, read by the browser's BarcodeDetector, or else by qr-scanner's decoder (a worker).
      const Detector = (
        window as unknown as {
          BarcodeDetector?: new (o: { formats: string[] }) => {
            detect(v: HTMLVideoElement): Promise<{ rawValue: string }[]>;
          };
        }
      ).BarcodeDetector;
      let detect: (v: HTMLVideoElement) => Promise<string | null>;
      if (Detector) {
        const detector = new Detector({ formats: ["qr_code"] });
        detect = async (v) => (await detector.detect(v).catch(() => []))[0]?.rawValue ?? null;
      } else {
        const { default: QrScanner } = await import("qr-scanner");
        const engine = await QrScanner.createQrEngine();
        const prev = stop;
        stop = () => {
          if (engine instanceof Worker) engine.terminate();
          prev();
        };
        if (abort.signal.aborted) return stop();
        detect = (v) =>
          QrScanner.scanImage(v, { qrEngine: engine, returnDetailedScanResult: true }).then(
            (r) => r.data,
            () => null,
          );
      }
      const tick = async () => {
        if (abort.signal.aborted || !video.current) return;
        const payload = await detect(video.current);
        if (abort.signal.aborted) return;
        if (payload) found(payload, "claim.scan.qrNoCode");
        setTimeout(tick, 250);
      };
      tick();
    })();
    return () => {
      abort.abort();
      stop();
    };
  }, [mode, nfcSupported, navigate, onClose]);

  const cameraFailed =
    status.kind === "error" &&
    (status.key === "claim.scan.cameraDenied" || status.key === "claim.scan.cameraUnavailable");
  const title =
    mode === "qr" ? t("claim.scan.qrTitle") : nfcSupported ? t("claim.scan.nfc") : t("claim.scan.nfcUnsupportedTitle");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {mode === "qr"
              ? t("claim.scan.qrHint")
              : nfcSupported
                ? t("claim.scan.nfcWaiting")
                : t("claim.scan.nfcUnsupported")}
          </DialogDescription>
        </DialogHeader>
        {mode === "qr" && (
          // kept mounted (the scanner holds it), hidden when there is no camera to show
          <video
            ref={video}
            muted
            playsInline
            className={cameraFailed ? "hidden" : "aspect-square w-full rounded-xl bg-ink object-cover"}
          />
        )}
        {status.kind === "error" && (mode === "qr" || nfcSupported) && (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {t(dataKey(status.key))}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
