// domain/qualifier.ts: how a qualifier base's "Expected inputs" become the inputs it asks (one a line
// or comma-separated, bullets and end punctuation gone, each once), the kind each name makes obvious,
// and the value a shopper's answer gives (an email or a number found in it, else the answer as said).
import { expect, test } from 'vitest';
import { inputKindOf, inputValueOf, MAX_QUALIFIER_INPUTS, qualifierInputs } from '@/domain/qualifier';

test('expected inputs: one a line or separated by commas, bullets and end punctuation gone, each once, at most ten', () => {
  expect(qualifierInputs('- E-mail\n• Tamanho.\n1. Número do pedido?\ntamanho\n\n')).toEqual([
    { name: 'E-mail', kind: 'email' },
    { name: 'Tamanho', kind: 'text' },
    { name: 'Número do pedido', kind: 'number' },
  ]);
  expect(qualifierInputs('CEP, cor; idade').map((input) => input.name)).toEqual(['CEP', 'cor', 'idade']);
  expect(qualifierInputs('   ')).toEqual([]);
  expect(qualifierInputs(Array.from({ length: 12 }, (_, index) => `Campo ${index}`).join('\n'))).toHaveLength(MAX_QUALIFIER_INPUTS);
});

test('the kind a name makes obvious, in the three languages', () => {
  expect(['Email', 'e-mail', 'Correo electrónico'].map(inputKindOf)).toEqual(['email', 'email', 'email']);
  expect(['Order number', 'Telefone', 'Cantidad', 'CPF', 'Orçamento'].map(inputKindOf)).toEqual(Array(5).fill('number'));
  // A word that merely contains one is not one ("page" is not "age", "cepillo" not "CEP").
  expect(['Tamanho', 'Cor preferida', 'Page', 'Cepillo'].map(inputKindOf)).toEqual(Array(4).fill('text'));
});

test('the value of an answer: the email or number in it, or the answer as said; null when it holds none', () => {
  expect(inputValueOf('email', 'é Ana.Souza@Example.com.br, obrigado')).toBe('ana.souza@example.com.br');
  expect(inputValueOf('email', 'meu email é ana')).toBeNull();
  expect(inputValueOf('number', 'o pedido é #1001.')).toBe('#1001');
  expect(inputValueOf('number', 'meu telefone: (11) 98765-4321')).toBe('(11) 98765-4321');
  expect(inputValueOf('number', 'não sei')).toBeNull();
  expect(inputValueOf('text', '  Azul   marinho ')).toBe('Azul marinho');
  expect(inputValueOf('text', 'x'.repeat(500))).toHaveLength(200);
});
