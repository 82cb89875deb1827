// A minimal static server over dist/ (loopback only), for the browser tests and `cargo xtask
// serve`: the build as a user gets it, at / and again under the sub-path /koma/ (the app uses
// relative URLs only, so it works from either).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const root = resolve(process.argv[2] ?? "dist");
const port = Number(process.argv[3] ?? 8090);
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  let pathname = url.pathname;
  if (pathname === "/koma") {
    res.writeHead(301, { location: "/koma/" }).end();
    return;
  }
  if (pathname.startsWith("/koma/")) pathname = pathname.slice("/koma".length);
  let path;
  try {
    path = normalize(join(root, decodeURIComponent(pathname)));
  } catch {
    res.writeHead(400).end("bad path");
    return;
  }
  if (!path.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    if ((await stat(path)).isDirectory()) path = join(path, "index.html");
  } catch {
    path = join(root, "index.html");
  }
  try {
    const body = await readFile(path);
    res.writeHead(200, {
      "content-type": types[extname(path)] ?? "application/octet-stream",
      // always asked again, so a new build is seen at once (the service worker keeps the app)
      "cache-control": "no-cache",
      // boards embed in pages of any origin (<koma-board> loads the app's module and wasm)
      "access-control-allow-origin": "*",
      "timing-allow-origin": "*",
    });
    res.end(body);
  } catch {
    res.writeHead(404).end("not found");
  }
});
// port 0: a free one, said in the line below
server.listen(port, "127.0.0.1", () =>
  console.log(`serving ${root} at http://127.0.0.1:${server.address().port}/ (and /koma/)`),
);
