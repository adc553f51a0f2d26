import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpOptions {
  port?: number;
  /** Reply to RCPT TO with this code (e.g. 550 permanent, 451 transient) instead of accepting. */
  rejectRecipient?: { code: number; message: string };
  /** Called when a message's data starts arriving; the reply waits until the returned promise settles. */
  holdData?: () => Promise<void>;
  /**
   * How long close() lets open connections finish before it ends them with a 421 (smtp-server's default:
   * 30 s). A client that keeps its connection open between mails (the API's pooled transport) holds
   * close() that long unless told otherwise; ended, it connects again for its next mail.
   */
  closeTimeoutMs?: number;
}

/** A real SMTP server in this process, on loopback, recording each message it accepts. */
export async function startSmtpServer(options: TestSmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    ...(options.closeTimeoutMs === undefined ? {} : { closeTimeout: options.closeTimeoutMs }),
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipient) {
        const error = new Error(options.rejectRecipient.message) as Error & {
          responseCode: number;
        };
        error.responseCode = options.rejectRecipient.code;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        (options.holdData ? options.holdData() : Promise.resolve())
          .then(() => simpleParser(raw))
          .then((parsed) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              raw,
              parsed,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server.server, "listening");
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP server that holds the first message's data until release(): a send in flight, on demand. */
export async function startSmtpServerHoldingFirst() {
  let release: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const firstArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let first = true;
  const smtp = await startSmtpServer({
    holdData: () => {
      if (!first) return Promise.resolve();
      first = false;
      arrived();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  });
  return { smtp, firstArrived, release: () => release() };
}
