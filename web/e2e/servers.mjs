// The online tests' services, all on loopback: the real koma-server over the release build (its
// own process, a SQLite file in a scratch folder or the PostgreSQL database the test command
// started), killed and started again as an operator would; a TCP relay between a browser and a
// server whose connections can be cut or frozen (a dropped line); and HAProxy in front of
// several servers, as `deploy/` arranges it. `cargo xtask test` builds the server and names it
// (KOMA_SERVER), and names PostgreSQL and HAProxy where it has them.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../../dist");
const binary = process.env.KOMA_SERVER ?? resolve(here, "../../target/release/koma-server");

/**
 * Start koma-server over `dist` on loopback `port` (0: a free one), on the SQLite file in
 * `dir` (a new scratch folder by default) or the database `database` names. Resolves, once it
 * listens, to its address and its controls: `kill()` (SIGKILL, as a crash), `term()` (SIGTERM,
 * a graceful stop), `again()` (the same port and database in a new process) and `stop()` (kill,
 * and remove the scratch folder it made, `own`). `args` go to the server's command line too.
 */
export async function startServer({ database, port = 0, dir, own = !dir && !database, args = [] } = {}) {
  dir ??= mkdtempSync(join(tmpdir(), "koma-e2e-"));
  const url = database ?? `sqlite://${dir}/koma.db?mode=rwc`;
  const child = spawn(binary, ["--listen", `127.0.0.1:${port}`, "--dist", dist, ...args], {
    env: { ...process.env, KOMA_DATABASE_URL: url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((ok) => child.once("exit", ok));
  const base = await new Promise((ok, fail) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (m) ok(m[1]);
    });
    child.once("exit", (code) => fail(new Error(`koma-server exited (${code}): ${out}`)));
  });
  const server = {
    url: base,
    port: Number(new URL(base).port),
    dir,
    database,
    pid: child.pid,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
    term() {
      child.kill("SIGTERM");
      return exited;
    },
    again() {
      return startServer({ database, port: server.port, dir, own, args });
    },
    async stop() {
      child.kill("SIGKILL");
      await exited;
      if (own) rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * A TCP relay on a free loopback port to `target` (`http://127.0.0.1:<port>`): a browser that
 * goes through it can have its line dropped. `cut()` resets every connection open now (both
 * ends see it close); `freeze()` stops carrying bytes on them without closing anything (a line
 * that died silently, as when a phone changes networks). New connections are carried as usual.
 */
export async function relay(target) {
  const port = Number(new URL(target).port);
  const open = new Set();
  const server = createServer((down) => {
    const up = connect(port, "127.0.0.1");
    const pair = { down, up };
    open.add(pair);
    down.pipe(up);
    up.pipe(down);
    const gone = () => {
      open.delete(pair);
      down.destroy();
      up.destroy();
    };
    down.on("error", gone);
    up.on("error", gone);
    down.on("close", gone);
    up.on("close", gone);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    cut() {
      for (const { down, up } of open) {
        down.resetAndDestroy();
        up.resetAndDestroy();
      }
      open.clear();
    },
    freeze() {
      for (const { down, up } of open) {
        down.unpipe(up);
        up.unpipe(down);
        down.pause();
        up.pause();
      }
      // (kept open, and dropped with the relay)
      const frozen = [...open];
      open.clear();
      this.frozen = frozen;
    },
    close() {
      for (const { down, up } of [...open, ...(this.frozen ?? [])]) {
        down.destroy();
        up.destroy();
      }
      server.close();
    },
  };
}

/**
 * HAProxy (`binary`) on a free loopback port in front of the servers on `ports`, as
 * `deploy/haproxy.cfg` arranges it (health checks on `/api/health` every 200 ms, WebSocket
 * tunnels); resolves once it answers.
 */
export async function balancer(binary, ports) {
  const dir = mkdtempSync(join(tmpdir(), "koma-e2e-haproxy-"));
  const port = await new Promise((ok) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => ok(p));
    });
  });
  const servers = ports.map((p, i) => `    server s${i} 127.0.0.1:${p} check\n`).join("");
  const cfg =
    "global\n    maxconn 4000\n" +
    "defaults\n    mode http\n    option http-server-close\n    option redispatch\n    retries 3\n" +
    "    timeout connect 1s\n    timeout client 60s\n    timeout server 60s\n    timeout tunnel 1h\n" +
    `frontend koma\n    bind 127.0.0.1:${port}\n    default_backend servers\n` +
    "backend servers\n    balance leastconn\n    option httpchk GET /api/health\n" +
    "    http-check expect status 200\n    default-server inter 200ms fall 1 rise 1\n" +
    servers;
  writeFileSync(join(dir, "haproxy.cfg"), cfg);
  const child = spawn(binary, ["-db", "-f", join(dir, "haproxy.cfg")], { stdio: "ignore" });
  const exited = new Promise((ok) => child.once("exit", ok));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 250) throw new Error("HAProxy did not answer");
    await new Promise((ok) => setTimeout(ok, 20));
  }
  return {
    url,
    async stop() {
      child.kill("SIGKILL");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The moves the server at `base` has for game `id` (as its watchers' welcome gives them), read
 * in `page` on the server's own origin.
 */
export async function serverMoves(page, base, id) {
  await page.goto(`${base}/api/health`);
  return page.evaluate(
    ({ base, id }) =>
      new Promise((ok, fail) => {
        const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/games/${id}/socket`);
        ws.onopen = () => ws.send(JSON.stringify({ type: "hello", have: 0 }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === "welcome") {
            ws.close();
            ok(m.moves);
          }
        };
        ws.onerror = () => fail(new Error(`no socket to game ${id} at ${base}`));
      }),
    { base, id },
  );
}
