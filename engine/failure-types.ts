/** `ApplicationFailure` types shared by activities that throw them and workflows that handle them. */

/** The campaign's source cannot be imported (absent, not CSV, no `phone_number`); the campaign is already `failed`. */
export const SOURCE_INVALID = 'SourceInvalid';
