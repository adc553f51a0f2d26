import { describe, expect, it } from "vitest";
import {
  firmDay,
  isWorkingDay,
  lastWeeks,
  startOfFirmDay,
  weekOf,
  workingDaysBefore,
} from "../../src/common/firm-calendar.js";

describe("the firm's calendar (Nairobi, Monday to Friday)", () => {
  it("reads the day in Nairobi: 21:30 UTC on a Sunday is already Monday there", () => {
    expect(firmDay(new Date("2026-11-29T21:30:00Z"))).toBe("2026-11-30");
    expect(firmDay(new Date("2026-11-29T20:59:59Z"))).toBe("2026-11-29");
    expect(startOfFirmDay("2026-11-30").toISOString()).toBe("2026-11-29T21:00:00.000Z");
  });

  it("weeks start on Monday; Saturday and Sunday are not working days", () => {
    expect(weekOf("2026-11-26")).toBe("2026-11-23");
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
    expect(weekOf("2026-11-30")).toBe("2026-11-30");
    expect(["2026-11-27", "2026-11-28", "2026-11-29"].map(isWorkingDay)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("counts working days back over a weekend", () => {
    expect(workingDaysBefore("2026-11-26", 2)).toBe("2026-11-24");
    expect(workingDaysBefore("2026-11-30", 2)).toBe("2026-11-26");
    expect(workingDaysBefore("2026-11-29", 2)).toBe("2026-11-26");
  });

  it("gives the last twelve weeks oldest first, each from Monday to Monday in Nairobi", () => {
    const weeks = lastWeeks(new Date("2026-11-26T12:00:00Z"), 12);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({
      week: "2026-11-23",
      start: new Date("2026-11-22T21:00:00Z"),
      end: new Date("2026-11-29T21:00:00Z"),
    });
    expect(weeks[0]?.week).toBe("2026-09-07");
  });
});
