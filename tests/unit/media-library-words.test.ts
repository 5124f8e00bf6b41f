// The words the media library uses for files it names (the upload's toast, a restored version's
// note): a Portuguese list, and the verb agreeing with how many files there are.
import { describe, expect, it } from "vitest";
import { inLibraryMessage, quotedFileNames } from "~/lib/media/library";

describe("file names in messages", () => {
  it("lists them as Portuguese does, up to a limit", () => {
    expect(quotedFileNames(["a.png"])).toBe("“a.png”");
    expect(quotedFileNames(["a.png", "b.png"])).toBe("“a.png” e “b.png”");
    expect(quotedFileNames(["a.png", "b.png", "c.png"])).toBe("“a.png”, “b.png” e “c.png”");
    expect(quotedFileNames(["a", "b", "c", "d"], 2)).toBe("“a”, “b” e mais 2");
  });

  it("says that one file is in the library, or that several are", () => {
    expect(inLibraryMessage(["img-b.jpg"])).toBe("“img-b.jpg” já está na biblioteca.");
    expect(inLibraryMessage(["img-b-5.jpg", "img-c-2.png"])).toBe("“img-b-5.jpg” e “img-c-2.png” já estão na biblioteca.");
  });
});
