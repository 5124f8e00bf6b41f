// One reading of a URL list for the form (repeated fields or a textarea), the JSON column and
// the list the admin form starts from.
import { describe, expect, it } from "vitest";
import { urlList } from "~/lib/url-list";

describe("urlList", () => {
  it("reads repeated form fields and a one-per-line textarea alike, trimmed, without blanks", () => {
    const form = new FormData();
    form.append("images", " https://a.example/1.jpg ");
    form.append("images", "");
    form.append("images", "https://a.example/2.jpg\r\n\r\n  https://a.example/3.jpg");
    expect(urlList(form.getAll("images"))).toEqual(["https://a.example/1.jpg", "https://a.example/2.jpg", "https://a.example/3.jpg"]);
    expect(urlList(form.getAll("videos"))).toEqual([]);
  });

  it("reads a JSON column, ignoring what is not a string", () => {
    expect(urlList(["/media/a.png", 3, null, "  ", " /media/b.mp4"])).toEqual(["/media/a.png", "/media/b.mp4"]);
    expect(urlList(null)).toEqual([]);
    expect(urlList({ url: "/x" })).toEqual([]);
  });
});
