import { crashSafety } from './support/crashSafety.ts';

crashSafety('embedded');
