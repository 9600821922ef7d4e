/** Structured, one-line logs; tests pass a silent logger. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

function write(level: string, message: string, fields?: Record<string, unknown>): void {
  const line = fields ? `${message} ${JSON.stringify(fields)}` : message;
  (level === 'error' ? console.error : console.log)(`[relay] ${level}: ${line}`);
}

/** Logs to stdout/stderr. */
export const consoleLogger: Logger = {
  info: (message, fields) => write('info', message, fields),
  warn: (message, fields) => write('warn', message, fields),
  error: (message, fields) => write('error', message, fields),
};

/** Logs nothing. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
