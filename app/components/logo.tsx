export function Logo({ className }: { className?: string }) {
  return (
    <span className={className}>
      <span className="flex items-center gap-2">
        <img src="/images/boonee-mark.svg" alt="" width={36} height={36} className="size-9" />
        <span className="font-display text-xl font-extrabold tracking-tight text-ink sm:text-2xl">boonees</span>
      </span>
    </span>
  );
}
