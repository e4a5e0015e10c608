// npm run dev: the API server (reloading on change, on port 8080 unless PORT says otherwise) and the Vite
// dev server with /api proxied to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const env = { ...process.env, PORT: port, API_PORT: port, SKIP_BUILD: '1' };
const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
