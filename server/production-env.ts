// React (and other libraries) load their slow development builds unless NODE_ENV is "production".
// server/main.ts always serves a production build, so it imports this module FIRST: ES modules
// evaluate their imports in order, so NODE_ENV is set before react-router/react are loaded.
// `react-router dev` does not go through main.ts. An explicit NODE_ENV is kept.
process.env.NODE_ENV ??= "production";
