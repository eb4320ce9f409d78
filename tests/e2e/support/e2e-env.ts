import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3200);

/** Ports and paths shared by the browser tests and the server harness (offsets from E2E_PORT). */
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
