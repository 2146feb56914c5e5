// Whether the chat header's actions fit beside the contact as labelled buttons (issue 35 point 3):
// when they do not, they become icon buttons (their label as the accessible name and tooltip), so
// the contact's avatar and name always keep their room.

// room the avatar and a readable part of the name keep beside labelled buttons
const HEADER_CONTACT_MIN_WIDTH = 180;
// and beside icon buttons on a phone, where four icons leave about 150 px
export const HEADER_CONTACT_SHRUNK_WIDTH = 120;
// MUI's medium icon button, a small labelled button in the widest of the four languages, the gap
const ICON_BUTTON_WIDTH = 40;
const TEXT_BUTTON_WIDTH = 120;
const GAP = 8;

// width: the header's inner width; 0 (not measured yet) gives the compact header, which never
// overflows.
export const headerIsCompact = (width: number, textButtons: number, iconButtons: number) =>
  width < HEADER_CONTACT_MIN_WIDTH + textButtons * (TEXT_BUTTON_WIDTH + GAP) + iconButtons * (ICON_BUTTON_WIDTH + GAP);
