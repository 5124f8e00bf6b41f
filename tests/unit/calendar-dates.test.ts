// Every date the product computes, checked over whole years with a fixed clock instead of the
// day the suite happens to run: the insights' periods and São Paulo days, the retention's month
// arithmetic, and the blog schedule's São Paulo wall times. Month ends, year ends and leap days
// are all inside the ranges walked.
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, defaultPeriod, isDay, monthsBefore, parsePeriod, saoPauloDay } from "~/lib/analytics/period";
import { parseScheduleInput, scheduleInputValue } from "~/lib/blog/schedule";

const DAY_MS = 86_400_000;

/** Every calendar day from `from` to `to`, both included, walked without any date library. */
function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T12:00:00Z`); time <= Date.parse(`${to}T12:00:00Z`); time += DAY_MS) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

// Two years and a little: 2027's end, 2028's leap February and the month ends in between.
const DAYS = everyDay("2026-11-01", "2029-01-31");

describe("the insights' periods", () => {
  it("every preset is exactly its number of days up to today, today included, on every day", () => {
    for (const today of DAYS) {
      for (const preset of [7, 30, 90]) {
        const result = parsePeriod(new URLSearchParams({ periodo: String(preset) }), today);
        expect("period" in result, today).toBe(true);
        if (!("period" in result)) continue;
        const { from, to, days } = result.period;
        expect(to, today).toBe(today);
        expect(days, today).toBe(preset);
        expect(daysBetween(from, to), `${from}..${to}`).toBe(preset);
        expect(everyDay(from, to), `${from}..${to}`).toHaveLength(preset);
        expect(isDay(from), from).toBe(true);
      }
      expect(defaultPeriod(today), today).toEqual({ from: addDays(today, -29), to: today, days: 30, preset: 30 });
    }
  });

  it("two dates typed make a period of the days between them, both included, across month and year ends", () => {
    for (const from of DAYS.filter((day) => day.endsWith("-28") || day.endsWith("-31") || day.endsWith("-01"))) {
      const to = addDays(from, 3);
      const result = parsePeriod(new URLSearchParams({ de: from, ate: to }), "2029-02-01");
      expect(result, from).toEqual({ period: { from, to, days: 4, preset: null } });
    }
    expect(parsePeriod(new URLSearchParams({ de: "2027-02-29", ate: "2027-03-01" }), "2029-02-01")).toHaveProperty("error");
    expect(parsePeriod(new URLSearchParams({ de: "2028-02-29", ate: "2028-03-01" }), "2029-02-01")).toEqual({
      period: { from: "2028-02-29", to: "2028-03-01", days: 2, preset: null },
    });
  });

  it("addDays walks the calendar one day at a time, with no gap or repeat", () => {
    for (let index = 1; index < DAYS.length; index++) {
      expect(addDays(DAYS[index - 1]!, 1)).toBe(DAYS[index]);
      expect(addDays(DAYS[index]!, -1)).toBe(DAYS[index - 1]);
    }
  });
});

describe("São Paulo's day", () => {
  it("turns at midnight in São Paulo (03:00 UTC), not at the server's or the browser's midnight, on every day", () => {
    for (const day of DAYS) {
      const midnight = Date.parse(`${day}T03:00:00Z`);
      expect(saoPauloDay(new Date(midnight)), day).toBe(day);
      expect(saoPauloDay(new Date(midnight - 1)), day).toBe(addDays(day, -1));
      // Late evening in São Paulo is already the next day in UTC.
      expect(saoPauloDay(new Date(Date.parse(`${day}T02:30:00Z`))), day).toBe(addDays(day, -1));
      expect(saoPauloDay(new Date(Date.parse(`${day}T23:59:59Z`))), day).toBe(day);
    }
  });
});

describe("months back, for retention", () => {
  it("lands on the same day, or on the month's last day when it has none", () => {
    expect(monthsBefore("2028-03-31", 1)).toBe("2028-02-29");
    expect(monthsBefore("2027-03-31", 1)).toBe("2027-02-28");
    expect(monthsBefore("2027-12-31", 25)).toBe("2025-11-30");
    expect(monthsBefore("2027-01-15", 13)).toBe("2025-12-15");
    expect(monthsBefore("2028-02-29", 12)).toBe("2027-02-28");
  });

  it("never skips forward past the month it aims at, on every day", () => {
    for (const day of DAYS) {
      for (const months of [1, 12, 25]) {
        const back = monthsBefore(day, months);
        expect(isDay(back), `${day} - ${months}`).toBe(true);
        const [year, month] = day.split("-").map(Number) as [number, number];
        const aimed = (year * 12 + month - 1 - months) % 12;
        expect(Number(back.slice(5, 7)) - 1, `${day} - ${months} = ${back}`).toBe(aimed);
        expect(Number(back.slice(8)), `${day} - ${months} = ${back}`).toBeLessThanOrEqual(Number(day.slice(8)));
      }
    }
  });
});

describe("the blog schedule's São Paulo wall times", () => {
  it("a typed time round-trips at every hour near midnight, on every day", () => {
    for (const day of DAYS) {
      for (const time of ["00:00", "00:30", "20:59", "21:00", "23:59"]) {
        const typed = `${day}T${time}`;
        const instant = parseScheduleInput(typed);
        expect(instant, typed).not.toBeNull();
        expect(scheduleInputValue(instant), typed).toBe(typed);
        // São Paulo is three hours behind UTC all year (no daylight-saving time since 2019).
        expect(instant!.getTime(), typed).toBe(Date.parse(`${typed}:00Z`) + 3 * 3_600_000);
      }
    }
  });

  it("refuses days that do not exist", () => {
    expect(parseScheduleInput("2027-02-29T10:00")).toBeNull();
    expect(parseScheduleInput("2028-02-30T10:00")).toBeNull();
    expect(parseScheduleInput("2027-04-31T10:00")).toBeNull();
    expect(parseScheduleInput("2028-02-29T10:00")).not.toBeNull();
  });
});
