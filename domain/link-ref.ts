// The `ref` a public page reports with its access beacon: the code a link of ours carries (a
// campaign's catalog link: `cp` and 20 letters and digits). Its own module, free of zod: the shop
// pages' client imports it and stays inside its JS budget.

/** A link's `ref` a page reports; anything else is not reported. */
export const LINK_REF = /^[a-z0-9]{4,40}$/;
