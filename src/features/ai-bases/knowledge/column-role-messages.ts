// A table column's role in the page's language (domain/knowledge-columns.ts), for step 2's columns table.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ColumnRole } from '@/domain/knowledge-columns';

export const columnRoleMessages: Record<ColumnRole, MessageDescriptor> = {
  name: msg`Product name`,
  description: msg`Description`,
  price: msg`Price`,
  compare_at_price: msg`Price before discount`,
  currency: msg`Currency`,
  stock: msg`Stock / availability`,
  sku: msg`SKU / code`,
  category: msg`Category`,
  url: msg`Link`,
  image: msg`Image`,
  question: msg`Question`,
  answer: msg`Answer`,
  other: msg`Other (shown as it is)`,
  private: msg`Never shown to shoppers`,
};
