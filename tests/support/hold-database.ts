/**
 * A process that holds an embedded database, for the tests of the directory lock. It opens the
 * directory named by its argument through openDatabase, as every opener does, adds a row to a
 * probe table, prints `ready <pid> <rows>` and keeps the database open until SIGTERM, when it
 * closes it and exits 0. A refused open prints the reason and exits 1.
 */
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type DatabaseHandle } from "../../app/db/client.server.ts";

const dir = process.argv[2];
if (!dir) throw new Error("Usage: node tests/support/hold-database.ts <directory>");

let handle: DatabaseHandle;
try {
  handle = await openDatabase({ engine: "pglite", dir });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

await handle.db.execute(sql`create table if not exists lock_probe (pid integer not null)`);
await handle.db.execute(sql`insert into lock_probe (pid) values (${process.pid})`);
const [probe] = await queryRows<{ rows: number }>(
  handle.db,
  sql`select count(*)::int as rows from lock_probe`,
);
console.info(`ready ${process.pid} ${probe?.rows ?? 0}`);

// An open PGlite keeps no event-loop handle of its own: this timer keeps the process alive.
const alive = setInterval(() => undefined, 60_000);
process.once("SIGTERM", () => {
  clearInterval(alive);
  void handle.close().then(() => process.exit(0));
});
