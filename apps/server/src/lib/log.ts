import cluster from 'node:cluster';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Level, type LevelWithSilent, type Logger, type LoggerOptions } from 'pino';
import { LOG_SERIALIZERS } from '@/plugins/errors';

/**
 * The server's console (docs/decisions/technical.md, "Logs"): `LOG_FORMAT=json` writes pino's JSON lines
 * (one per entry, for a log collector: the default when NODE_ENV=production); `pretty` writes a short line
 * per entry for a person at a terminal, with a banner once the server is ready. Both go through the same
 * serializers (LOG_SERIALIZERS): nothing a person sent reaches the log in either format.
 */
export type LogFormat = 'pretty' | 'json';

interface LogConfig {
  production: boolean;
  logLevel: LevelWithSilent;
  logFormat: LogFormat;
}

/** One line per request ("request completed"): at info in production (the access log), else at debug. */
export const requestLogLevel = (config: Pick<LogConfig, 'production'>): Level => (config.production ? 'info' : 'debug');

/**
 * Fastify's request lines: one line when the answer is sent, with the method, the path (no query string,
 * LOG_SERIALIZERS.req), the status and the time, at `level`; nothing when the request arrives.
 */
export class RequestLogController extends LogController {
  constructor(private readonly level: Level) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log[this.level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLORS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every pino line has, or that the pretty line shows in its own place. */
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'responseTime']);

const two = (n: number) => String(n).padStart(2, '0');
const clock = (t: number) => {
  const d = new Date(t);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};
const shownValue = (v: unknown) => (typeof v === 'string' && !/[\s"=]/.test(v) && v !== '' ? v : JSON.stringify(v));

/**
 * One JSON line (pino's) as a person reads it: `14:03:21 INFO  message  key=value`, a request as
 * `GET /api/v1/students 200 12 ms`, an error with its class, message (LOG_SERIALIZERS keeps only
 * the safe ones) and stack frames on the lines below.
 */
export function prettyLine(json: string, opts: { color?: boolean; prefix?: string } = {}): string {
  let e: Record<string, unknown>;
  try {
    e = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const paint = (code: string, s: string) => (opts.color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const level = typeof e.level === 'number' ? e.level : 30;
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const parts = [paint('90', clock(typeof e.time === 'number' ? e.time : Date.now())), paint(LEVEL_COLORS[level] ?? '0', name)];
  if (opts.prefix) parts.push(paint('90', opts.prefix));
  const req = e.req as { method?: string; url?: string } | undefined;
  const res = e.res as { statusCode?: number } | undefined;
  if (req && res && typeof e.responseTime === 'number') {
    const status = res.statusCode ?? 0;
    const statusText = status >= 500 ? paint('31', String(status)) : status >= 400 ? paint('33', String(status)) : String(status);
    parts.push(`${req.method ?? ''} ${req.url ?? ''} ${statusText} ${Math.round(e.responseTime)} ms`);
    if (e.msg !== 'request completed') parts.push(String(e.msg));
  } else {
    parts.push(String(e.msg ?? ''));
    if (req) parts.push(paint('90', `${req.method ?? ''} ${req.url ?? ''}`));
  }
  const extra = Object.entries(e)
    .filter(([k, v]) => !OMITTED.has(k) && v !== undefined)
    // A request id's first 8 characters are enough to match the lines of one request on a terminal.
    .map(([k, v]) => `${k}=${k === 'reqId' && typeof v === 'string' ? v.slice(0, 8) : shownValue(v)}`);
  if (extra.length) parts.push(paint('90', extra.join(' ')));
  let out = parts.join(' ');
  const err = e.err as { type?: string; message?: string; code?: unknown; stack?: string } | undefined;
  if (err) {
    const head = err.message && err.message !== err.type ? `${err.type}: ${err.message}` : String(err.type ?? 'Error');
    out += `\n  ${paint('31', head)}${err.code !== undefined ? paint('90', ` code=${shownValue(err.code)}`) : ''}`;
    if (err.stack) out += `\n${paint('90', err.stack)}`;
  }
  return `${out}\n`;
}

/** A pino destination writing `prettyLine`s to `out` (stdout); colours when it is a terminal and NO_COLOR is not set. */
export function prettyDestination(out: NodeJS.WriteStream = process.stdout): DestinationStream {
  const color = Boolean(out.isTTY) && !process.env.NO_COLOR;
  const prefix = cluster.isWorker ? `[${cluster.worker?.id}]` : undefined;
  return { write: (line: string) => void out.write(prettyLine(line, { color, prefix })) };
}

/**
 * Fastify's "Server listening at …" (one per process) is a debug line: the ready entry (announceReady)
 * says it once for the whole server, with the address a person opens.
 */
const hooks: LoggerOptions['hooks'] = {
  logMethod(args, method, level) {
    if (level === 30 && typeof args[0] === 'string' && args[0].startsWith('Server listening at')) {
      this.debug(args[0]);
      return;
    }
    method.apply(this, args);
  },
};

/** The options Fastify builds its logger from (app.ts): level, serializers and, in the pretty format, the destination. */
export function serverLoggerOptions(config: LogConfig) {
  return {
    level: config.logLevel,
    serializers: LOG_SERIALIZERS,
    hooks,
    ...(config.logFormat === 'pretty' && { stream: prettyDestination() }),
  };
}

/** The same logger outside Fastify: the cluster primary's (main.ts), which serves nothing itself. */
export function createLogger(config: LogConfig): Logger {
  const { stream, ...options } = serverLoggerOptions(config);
  return stream ? pino(options, stream) : pino(options);
}

export interface ReadyInfo {
  /** The address the server listens on. */
  host: string;
  port: number;
  databaseUrl?: string;
  dataDir: string;
  workers: number;
  devLogin: boolean;
  seededDemo?: boolean;
  startupMs: number;
}

/** The address a person opens: a loopback or any-address host is `localhost`. */
export function browserUrl(host: string, port: number) {
  const local = ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::', ''].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** A PostgreSQL URL as it may be shown: no password, no query string (it may carry one). */
export function shownDatabaseUrl(url: string) {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'máy chủ PostgreSQL';
  }
}

/** The lines of the start banner (pretty format). */
export function readyBanner(info: ReadyInfo): string[] {
  const here = relative(process.cwd(), resolve(info.dataDir));
  const dataDir = here === '' ? '.' : here.startsWith('..') || isAbsolute(here) ? resolve(info.dataDir) : here;
  const db = info.databaseUrl
    ? `máy chủ PostgreSQL ${shownDatabaseUrl(info.databaseUrl)}`
    : `nhúng (PGlite) tại ${join(dataDir, 'pgdata')}`;
  const facts = [
    `${info.workers} tiến trình phục vụ`,
    ...(info.seededDemo ? ['đã nạp dữ liệu mẫu'] : []),
    `khởi động ${(info.startupMs / 1000).toFixed(1).replace('.', ',')} s`,
  ];
  return [
    `Sẵn sàng tại ${browserUrl(info.host, info.port)}`,
    ...(info.devLogin ? ['Đăng nhập thử: mở trang đăng nhập và chọn một tài khoản demo'] : []),
    `Cơ sở dữ liệu: ${db}`,
    facts.join(' · '),
    'Dừng: Ctrl+C',
  ];
}

/**
 * Says the server is ready, once (the primary's job when there are several processes): a banner in the
 * pretty format, one JSON entry with the same facts in the json format. Only when info is logged.
 */
export function announceReady(log: { level: string; info(obj: object, msg: string): void }, format: LogFormat, info: ReadyInfo) {
  if ((pino.levels.values[log.level] ?? Infinity) > pino.levels.values.info!) return;
  const url = browserUrl(info.host, info.port);
  if (format === 'json') {
    log.info(
      {
        url,
        db: info.databaseUrl ? 'postgres' : 'pglite',
        ...(info.databaseUrl ? { databaseUrl: shownDatabaseUrl(info.databaseUrl) } : { dataDir: info.dataDir }),
        workers: info.workers,
        devLogin: info.devLogin,
        seededDemo: info.seededDemo,
        startupMs: info.startupMs,
      },
      `Sẵn sàng tại ${url}`,
    );
    return;
  }
  const [first, ...rest] = readyBanner(info);
  const bold = process.stdout.isTTY && !process.env.NO_COLOR ? (s: string) => `\u001b[1m${s}\u001b[0m` : (s: string) => s;
  process.stdout.write(`\n  ${bold(first!)}\n${rest.map((l) => `  ${l}\n`).join('')}\n`);
}
