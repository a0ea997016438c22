/** Where a server error happened: only this travels with it (no body, headers or user). */
export interface ErrorPlace {
  method?: string;
  route?: string;
}

export type ServerErrorReporter = (err: unknown, where: ErrorPlace) => void;

let reporter: ServerErrorReporter = () => undefined;

/**
 * The exception filter (common/) hands bugs to whatever error reporting is installed, without
 * importing the telemetry module: telemetry's ErrorReportingService installs its reporter here when
 * it starts. Until then, and in contexts without telemetry, a report goes nowhere.
 */
export function setServerErrorReporter(next: ServerErrorReporter): void {
  reporter = next;
}

export function reportServerError(err: unknown, where: ErrorPlace = {}): void {
  reporter(err, where);
}
