import { e2eRun, type E2eRun } from "../../../web/e2e/support/run-env";

/** One office e2e run: the web suite's run settings, plus the port of the suite's SMTP server. */
export interface OfficeRun extends E2eRun {
  smtpPort: number;
  ownerEmail: string;
}

const smtpKey = "OFFICE_E2E_SMTP_RUN";

/**
 * The run's settings (e2eRun: a free port, empty data and mail folders, kept in the environment so the
 * runner and its workers agree). The SMTP server's port is a second free port, found the same way: a
 * second e2eRun kept under this file's own key (its folders go unused and are removed at exit).
 */
export function officeRun(env: NodeJS.ProcessEnv = process.env): OfficeRun {
  const run = e2eRun(env);
  const holder: NodeJS.ProcessEnv = { SITE_E2E_RUN: env[smtpKey] };
  const smtp = e2eRun(holder);
  env[smtpKey] = holder.SITE_E2E_RUN;
  return { ...run, smtpPort: smtp.port, ownerEmail: "owner@firm.e2e.test" };
}
