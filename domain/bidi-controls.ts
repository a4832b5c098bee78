// Bidirectional control characters (embeddings, overrides, isolates and the direction marks) change
// the order a name is drawn in: 'report' + U+202E + 'vsc.csv' reads on screen as 'reportcsv.csv'.
// Every name a merchant is shown (files, AI bases, inventories, numbers and their names from Meta) is
// taken without them: at intake, so the stored name is clean, and when shown (names stored before).
// Free of zod: the SPA's shared file-name component uses it.

// U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, U+200E/U+200F and U+061C marks.
const bidiControls = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The text without bidirectional control characters. */
export const withoutBidiControls = (text: string): string => text.replace(bidiControls, '');
