/**
 * The Dograh checker checks: every kind of mismatch it exists to find is reported (a missing field, a wrong type, a
 * null where none is allowed, a value outside an enum, a date-time without a zone, a bad item in a list of models, a
 * key a model forbids), and a value that fits has no problem. Without these, a checker that answered nothing would
 * pass every compatibility test.
 */
import { describe, expect, it } from 'vitest';
import { problemsOfModel, shapeProblems } from './dograh-check';
import type { ExpectedShape } from './shapes-fields';

const SHAPE: ExpectedShape = {
  source: 'probe shape',
  required: { id: 'integer', state: 'enum:running|paused', at: 'datetime', note: 'string | null' },
  optional: { ratio: 'number' },
};
const FITS = { id: 7, state: 'paused', at: '2026-12-07T03:00:00Z', note: null };

describe("the UI shapes' checker", () => {
  it('finds nothing wrong in a value that fits, optional field left out or present', () => {
    expect(shapeProblems(FITS, SHAPE)).toEqual([]);
    expect(shapeProblems({ ...FITS, ratio: 0.5, extra: true }, SHAPE)).toEqual([]);
  });

  it('reports a missing field, a wrong type, a null, an enum miss, a zoneless date-time and a bad optional', () => {
    const { id: _id, ...withoutId } = FITS;
    expect(shapeProblems(withoutId, SHAPE)).toEqual(['body.id: missing (probe shape)']);
    expect(shapeProblems({ ...FITS, id: '7' }, SHAPE)).toEqual([
      'body.id: expected an integer, got "7" (probe shape)',
    ]);
    expect(shapeProblems({ ...FITS, id: null }, SHAPE)).toEqual(['body.id: must not be null (probe shape)']);
    expect(shapeProblems({ ...FITS, state: 'stopped' }, SHAPE)).toEqual([
      'body.state: expected one of running|paused, got "stopped" (probe shape)',
    ]);
    expect(shapeProblems({ ...FITS, at: '2026-12-07T03:00:00' }, SHAPE)).toHaveLength(1);
    expect(shapeProblems({ ...FITS, ratio: 'half' }, SHAPE)).toHaveLength(1);
    expect(shapeProblems([FITS], SHAPE)).toHaveLength(1);
  });
});

describe("the SDK models' checker", () => {
  const option = { value: 'a', label: 'A' };

  it('finds nothing wrong in a model that fits', () => {
    expect(problemsOfModel(option, 'PropertyOption')).toEqual([]);
    expect(problemsOfModel({ ...option, description: 'First.' }, 'PropertyOption')).toEqual([]);
  });

  it('reports a missing field, a wrong type and a key the model forbids', () => {
    expect(problemsOfModel({ value: 'a' }, 'PropertyOption')).toEqual([
      expect.stringMatching(/^PropertyOption\.label: missing/),
    ]);
    expect(problemsOfModel({ ...option, label: 3 }, 'PropertyOption')).toEqual([
      'PropertyOption.label: expected a string, got 3',
    ]);
    expect(problemsOfModel({ ...option, colour: 'red' }, 'PropertyOption')).toEqual([
      expect.stringMatching(/^PropertyOption\.colour: not allowed/),
    ]);
  });

  it('reports a bad item inside a list of models, with its place', () => {
    const property = { name: 'mode', type: 'options', display_name: 'Mode', description: 'Which.' };
    const spec = { ...property, options: [option, { value: 'b' }] };
    expect(problemsOfModel(spec, 'PropertySpec')).toEqual([
      expect.stringMatching(/^PropertySpec\.options\[1\]\.label: missing/),
    ]);
    expect(problemsOfModel({ ...property, type: 'colour' }, 'PropertySpec')).toHaveLength(1);
  });
});
