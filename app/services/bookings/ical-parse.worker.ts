import { parentPort, workerData } from "node:worker_threads";
import { readCalendar } from "./ical-parse.ts";

/** The parsing worker of ical.server.ts: one calendar's text in, its ranges out. */
const { text, maxEvents } = workerData as { text: string; maxEvents: number };
parentPort?.postMessage(readCalendar(text, maxEvents));
