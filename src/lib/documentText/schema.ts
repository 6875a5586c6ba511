/** The documents' routes take `lang` ("en" or "hi"; English when absent): src/server/kfs and agreement routes. */
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, DOCUMENT_LANGUAGES } from './languages.ts';

export const LanguageField = v.optional(
  v.picklist(DOCUMENT_LANGUAGES, 'lang is not valid: "en" or "hi"'),
  DEFAULT_LANGUAGE,
);
