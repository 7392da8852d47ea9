/**
 * The shape of a JSON value, for wire-format snapshots: objects keep their keys (sorted) with
 * the shape of each value, arrays are described by their first element (`[]` when empty), and
 * scalars become their JSON type name (`number`, `string`, `boolean`, `null`). Two answers have
 * the same shape when a strict client decodes both with the same struct.
 */
export type Shape = string | Shape[] | { [key: string]: Shape };

export function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .map((k) => [k, shapeOf(obj[k])]),
    );
  }
  return typeof value;
}

/** The snapshot text of a shape: indented JSON with a final newline, so diffs read well. */
export const shapeText = (value: unknown): string => `${JSON.stringify(shapeOf(value), null, 2)}\n`;
