import express from "express";
import { once } from "node:events";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { errorHandler } from "../../src/http/middleware/errors.js";
import { requestLogger } from "../../src/http/middleware/request-logger.js";
import { capturingLogger } from "../helpers/logger.js";

interface LogLine {
  level: number;
  msg: string;
  req: { id: string; method: string; path: string };
  res: { statusCode: number };
  responseTime: number;
}

const parsed = (log: ReturnType<typeof capturingLogger>): LogLine[] =>
  log.lines().map((line) => JSON.parse(line) as LogLine);

describe("the request log", () => {
  it("writes one line per answer: method, path without its query, status, time and the request's id", async () => {
    const log = capturingLogger();
    const app = express().use(requestLogger(log.logger));
    app.get("/page", (_req, res) => {
      res.send("ok");
    });

    const res = await request(app).get("/page?email=person%40example.com&token=secret");

    expect(res.status).toBe(200);
    const lines = parsed(log);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      msg: "request completed",
      req: { id: res.headers["x-request-id"], method: "GET", path: "/page" },
      res: { statusCode: 200 },
    });
    expect(line?.responseTime).toBeGreaterThanOrEqual(0);
    // The query string (addresses, tokens) never reaches the log.
    expect(log.text()).not.toContain("person");
    expect(log.text()).not.toContain("secret");
  });

  it("gives each request's handlers a logger of their own, whose lines carry that request; a request the log skipped has none", async () => {
    const log = capturingLogger();
    const app = express();
    app.get("/unlogged", (req, res) => {
      try {
        res.send(`a logger at level ${req.log.level}`);
      } catch (error) {
        res.send((error as Error).message);
      }
    });
    app.use(requestLogger(log.logger));
    app.get("/work/:n", (req, res) => {
      req.log.info({ n: req.params.n }, "working");
      res.send("ok");
    });

    const answers = await Promise.all([request(app).get("/work/1"), request(app).get("/work/2")]);

    const working = parsed(log).filter((line) => line.msg === "working") as (LogLine & {
      n: string;
    })[];
    expect(working.map(({ req, n }) => [req.id, req.path, n]).sort()).toEqual(
      answers
        .map((answer, i) => [answer.headers["x-request-id"], `/work/${i + 1}`, `${i + 1}`])
        .sort(),
    );
    const unlogged = await request(app).get("/unlogged");
    expect(unlogged.text).toBe("req.log is made by the request logger, which this request skipped");
  });

  it("writes an answer of 500 or more at error level, once", async () => {
    const log = capturingLogger();
    const app = express().use(requestLogger(log.logger));
    app.get("/down", (_req, res) => {
      res.status(503).send("down");
    });
    app.use(errorHandler);

    await request(app).get("/down").expect(503);

    const lines = parsed(log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request errored", level: 50, res: { statusCode: 503 } });
  });

  it("says a request was aborted when the client left before its answer, and nothing more", async () => {
    const log = capturingLogger();
    const app = express().use(requestLogger(log.logger));
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => {
      app.get("/slow", (_req, res) => {
        answer = () => res.send("late");
        resolve();
      });
    });
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const client = httpRequest({ host: "127.0.0.1", port, path: "/slow?x=1" });
      client.on("error", () => {
        // The client's own abort: expected.
      });
      client.end();
      await arrived;
      client.destroy();
      await new Promise<void>((resolve) => {
        const waitForLine = () => (log.lines().length > 0 ? resolve() : setImmediate(waitForLine));
        waitForLine();
      });
      // Answering afterwards writes to a closed socket and adds no second line.
      answer();
      await new Promise((resolve) => setImmediate(resolve));

      const lines = parsed(log);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: "request aborted",
        req: { method: "GET", path: "/slow" },
      });
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});
