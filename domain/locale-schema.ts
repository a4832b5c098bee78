import * as z from 'zod/mini';
import { locales } from './locales';

/** A supported language, for request bodies and records (`isLocale` in ./locales is the zod-free check). */
export const localeSchema = z.enum(locales);
