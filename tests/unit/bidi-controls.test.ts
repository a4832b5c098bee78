// Names a merchant is shown never keep a bidirectional control (domain/bidi-controls.ts): a file
// named 'report' + U+202E + 'vsc.csv' would read on screen as 'reportcsv.csv'. Taken out at intake
// (the schemas of a base's and an inventory's name) and when an answer is read (files, passages,
// inventories, numbers and Meta's names), on both sides, since the server encodes with the same schemas.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { instructionsSchema } from '@/domain/ai-base';
import { withoutBidiControls } from '@/domain/bidi-controls';
import { channelSchema, channelSummarySchema, phoneNumberCheckSchema, replyPassageSchema } from '@/domain/channel';
import { catalogCheckSchema, inventoryNameSchema, inventorySchema, storeCheckSchema } from '@/domain/inventory';
import { knowledgeFileSchema, passageSchema } from '@/domain/knowledge';
import { citedPassageSchema } from '@/domain/refinement-chat';
import { sampleInstructions } from '../fixtures/sample-ai-base';
import { sampleChannel } from '../model/channel-connect-model';

const RLO = '\u202e';
/** Every control taken out: embeddings, overrides, isolates, marks. */
const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];

describe('withoutBidiControls', () => {
  it('takes every bidirectional control out and leaves every script as it is', () => {
    expect(withoutBidiControls(`report${RLO}vsc.csv`)).toBe('reportvsc.csv');
    expect(withoutBidiControls(controls.map((control, i) => `${control}${i}`).join(''))).toBe('01234567891011');
    for (const text of ['Loja da Ana', 'שלום עולם', 'مرحبا.pdf', '日本語', 'emoji 😀']) expect(withoutBidiControls(text)).toBe(text);
  });
});

describe('names at intake', () => {
  it("an AI base's and an inventory's name are stored without them", () => {
    expect(instructionsSchema.parse({ ...sampleInstructions, name: `Ana${RLO}arodnev` }).name).toBe('Anaarodnev');
    expect(inventoryNameSchema.parse(` Loja${RLO}omeD `)).toBe('LojaomeD');
    // A name of controls alone is no name.
    expect(instructionsSchema.safeParse({ ...sampleInstructions, name: `${RLO}\u2066` }).success).toBe(false);
  });

  it("Meta's names for a number are taken without them", () => {
    expect(
      phoneNumberCheckSchema.parse({ displayPhoneNumber: `+55 11${RLO} 9`, verifiedName: `Loja${RLO}anA`, qualityRating: 'green' }),
    ).toEqual({
      displayPhoneNumber: '+55 11 9',
      verifiedName: 'LojaanA',
      qualityRating: 'green',
    });
  });
});

describe('names in answers', () => {
  const file = {
    id: 'f',
    baseId: 'b',
    name: `report${RLO}vsc.csv`,
    kind: 'csv',
    sizeBytes: 10,
    status: 'ready',
    progress: 100,
    passageCount: 1,
    failureReason: null,
    columns: [],
    notes: {},
    createdAt: '2026-11-27T00:00:00.000Z',
    updatedAt: '2026-11-27T00:00:00.000Z',
  };

  it('a knowledge file, a passage and a cited passage name the file without them, read or sent', () => {
    expect(knowledgeFileSchema.parse(file).name).toBe('reportvsc.csv');
    // The server sends its answers encoded with the same schema.
    expect(z.encode(knowledgeFileSchema, file as z.infer<typeof knowledgeFileSchema>).name).toBe('reportvsc.csv');
    expect(passageSchema.shape.fileName.parse(file.name)).toBe('reportvsc.csv');
    expect(citedPassageSchema.shape.fileName.parse(file.name)).toBe('reportvsc.csv');
    expect(replyPassageSchema.parse({ fileName: file.name, source: 'row 2' }).fileName).toBe('reportvsc.csv');
  });

  it('an inventory, its store and catalog, a number and its verified name, without them', () => {
    expect(inventorySchema.shape.name.parse(`Loja${RLO}omeD`)).toBe('LojaomeD');
    expect(storeCheckSchema.parse({ name: `Loja${RLO}omeD`, currency: 'BRL' }).name).toBe('LojaomeD');
    expect(catalogCheckSchema.parse({ name: `Cat${RLO}golaa`, itemCount: 3 }).name).toBe('Catgolaa');
    const channel = channelSchema.parse({ ...sampleChannel, verifiedName: `Loja${RLO}anA`, displayPhoneNumber: `+55${RLO} 11` });
    expect([channel.verifiedName, channel.displayPhoneNumber]).toEqual(['LojaanA', '+55 11']);
    expect(channelSummarySchema.parse({ id: 'c', displayPhoneNumber: `+55${RLO} 11`, status: 'active' }).displayPhoneNumber).toBe('+55 11');
  });
});
