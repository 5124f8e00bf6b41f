// The media library on local disk (UPLOADS_DIR), on SQLite or PostgreSQL (TEST_DATABASE).
import { mediaLibrarySuite } from "../helpers/media-library-suite";

mediaLibrarySuite("local disk", async () => {});
