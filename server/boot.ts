import type { Server } from "node:net";
import { logger } from "../app/lib/logger.server.ts";

/**
 * Start-up steps shared by the production and development entries. The port is taken before the
 * database is opened, so a server started twice on one port stops without touching the embedded
 * database that the running one holds.
 */
export function listenOrExit(server: Server, port: number, host: string | undefined) {
  return new Promise<void>((resolve) => {
    const failed = (error: NodeJS.ErrnoException) => {
      logger.fatal(listenErrorMessage(error, port));
      process.exit(1);
    };
    server.once("error", failed);
    server.listen(port, host, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

function listenErrorMessage(error: NodeJS.ErrnoException, port: number): string {
  if (error.code === "EADDRINUSE") {
    return `Port ${port} is already in use (is the server already running?); stop that process or set another PORT.`;
  }
  if (error.code === "EACCES") {
    return `Port ${port} needs privileges this process does not have; set a PORT above 1023.`;
  }
  return `Could not listen on port ${port}: ${error.message}`;
}

/** Exits 1 with the reason; the error's own message when it already says what to do. */
export function exitOnStartFailure(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  // Matched by name: the server build bundles its own copy of the error class.
  const selfExplaining = error instanceof Error && error.name === "DatabaseInUseError";
  logger.fatal(selfExplaining ? message : `Could not open the database: ${message}`);
  process.exit(1);
}
