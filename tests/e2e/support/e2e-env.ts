import { availableParallelism } from "node:os";
import path from "node:path";

/** The first server's port; each further Playwright worker's server is PORT_STRIDE above it. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3200);
/** Room for a server's six ports (below) between two workers' servers. */
const PORT_STRIDE = 10;

/**
 * How many Playwright workers run the browser tests: one per core (at least two, since a test
 * waits on the browser and the server more than it computes), or E2E_WORKERS. Each worker has a
 * server and a database of its own, so no test sees another worker's writes.
 */
export const E2E_WORKERS = Math.max(
  1,
  Number(process.env.E2E_WORKERS ?? Math.max(2, availableParallelism())),
);

/** The port of the server that worker `index` (Playwright's parallel index) tests. */
export function serverPort(index: number): number {
  return BASE_PORT + PORT_STRIDE * index;
}

/**
 * Inside a Playwright worker, TEST_PARALLEL_INDEX names its server. The server harness is
 * started by the runner with E2E_PORT set to its own port, and no index.
 */
const port = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** Ports and paths shared by the browser tests and the server harness (offsets from its port). */
export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  smtpPort: port + 1,
  oidcPort: port + 2,
  controlPort: port + 3,
  /** A second production server the lifecycle test starts and stops itself. */
  sparePort: port + 4,
  /** And a third, which the lifecycle test expects to be refused. */
  secondSparePort: port + 5,
  mailDir: path.resolve(`data/e2e-mail-${port}`),
  adminEmail: "admin@e2e.gateway-africa.test",
};
