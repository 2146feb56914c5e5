import { describe, expect, it } from 'vitest';
import { COMPOSER_BUTTON_WIDTH, composerLayout, TEXT_BOX_MIN_WIDTH } from './composer-layout.ts';

describe('composer layout (01-core §2 Message input, issue 11)', () => {
  it('keeps every tool on the row when the text box still has its room', () => {
    expect(composerLayout(1100, 7)).toEqual({ inlineTools: 7, stacked: false });
  });

  it('folds the tools that do not fit into the menu, keeping the text box its room', () => {
    const width = 570;
    const { inlineTools, stacked } = composerLayout(width, 7);
    expect(stacked).toBe(false);
    expect(inlineTools).toBeGreaterThan(0);
    expect(inlineTools).toBeLessThan(7);
    // the inline tools, the menu button, send and microphone
    const buttons = inlineTools + 1 + 2;
    expect(width - buttons * COMPOSER_BUTTON_WIDTH).toBeGreaterThanOrEqual(TEXT_BOX_MIN_WIDTH);
  });

  it('gives the text box a line of its own in a narrow chat, with the tools that fit below it', () => {
    const { inlineTools, stacked } = composerLayout(260, 7);
    expect(stacked).toBe(true);
    expect((inlineTools + 1 + 2) * COMPOSER_BUTTON_WIDTH).toBeLessThanOrEqual(260);
  });

  it('never overflows before the composer is measured', () => {
    expect(composerLayout(0, 7)).toEqual({ inlineTools: 0, stacked: true });
  });
});
