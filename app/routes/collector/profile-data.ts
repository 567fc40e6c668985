// Placeholder: the collector issue builds the data download.
export const loader = () => new Response("Not yet", { status: 404 });
