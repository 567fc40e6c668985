// Placeholder: replaced by the issue that builds this page.
export default function Page() {
  return <div className="mx-auto max-w-6xl px-4 py-12"><h1 className="font-display text-3xl font-extrabold">notifications</h1></div>;
}
