import { atom } from 'nanostores';

/**
 * The text of the heading the screen draws now (ScreenTitle), which the tab's title follows: a screen
 * says what it is in the state it finds (Congratulations part-way: "Your application is not sent yet"),
 * where the screens table has one title per address (issue 25). Null between screens: the table's title.
 */
export const $screenHeading = atom<string | null>(null);
