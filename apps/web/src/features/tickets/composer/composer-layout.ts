// Where the composer's pieces go (issue 11): the text box takes the room that is left beside
// the tools, the tools that do not fit fold into a menu, and a chat too narrow for even the
// menu button beside the text box gives the text box a line of its own above the buttons.

// MUI's medium icon button is 40 px wide, plus the row's 4 px gap
export const COMPOSER_BUTTON_WIDTH = 44;
// room the text box keeps before any tool sits beside it: a placeholder on one line
export const TEXT_BOX_MIN_WIDTH = 320;
// always on the row: send and microphone (the emoji button sits inside the text box)
const ALWAYS_ON_ROW = 2 * COMPOSER_BUTTON_WIDTH;

export type ComposerLayout = { inlineTools: number; stacked: boolean };

// how many tools fit in `room` px, keeping a place for the menu button when some do not
const toolsThatFit = (room: number, toolCount: number) => {
  if (room >= toolCount * COMPOSER_BUTTON_WIDTH) return toolCount;
  return Math.max(0, Math.min(toolCount - 1, Math.floor((room - COMPOSER_BUTTON_WIDTH) / COMPOSER_BUTTON_WIDTH)));
};

// width: the composer's inner width; 0 (not measured yet) gives the stacked layout, which
// never overflows.
export const composerLayout = (width: number, toolCount: number): ComposerLayout => {
  const besideTextBox = width - ALWAYS_ON_ROW - TEXT_BOX_MIN_WIDTH;
  if (besideTextBox >= COMPOSER_BUTTON_WIDTH) return { inlineTools: toolsThatFit(besideTextBox, toolCount), stacked: false };
  return { inlineTools: toolsThatFit(width - ALWAYS_ON_ROW, toolCount), stacked: true };
};
