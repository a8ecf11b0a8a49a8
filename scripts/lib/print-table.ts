/** Prints benchmark rows as aligned columns: the first left-aligned, the figures right-aligned. */
export function printColumns(header: string[], lines: string[][]): void {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...lines].map((line) => (line[column] ?? '').length)),
  );
  for (const line of [header, ...lines]) {
    console.log(
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
  }
}
