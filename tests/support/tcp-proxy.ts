import net from "node:net";

/**
 * A TCP proxy on loopback in front of a server (PostgreSQL), which a test can cut as a network
 * failure or a database restart would (open connections destroyed, new ones refused), or stall
 * as a server that hangs would (new connections accepted and never answered), until it is
 * restored on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let forwarding = true;
  const server = net.createServer((client) => {
    if (!forwarding) {
      sockets.add(client);
      client.on("close", () => sockets.delete(client));
      client.on("error", () => client.destroy());
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    dropAll();
    await closed;
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    cut,
    stall: () => {
      forwarding = false;
      dropAll();
    },
    restore: async () => {
      forwarding = true;
      dropAll();
      if (!server.listening) await listen(port);
    },
    close: async () => {
      if (server.listening) await cut();
    },
  };
}

/** Whether something accepts connections at host:port (within a second). */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}
