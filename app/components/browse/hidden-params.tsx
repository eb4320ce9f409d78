/** The current query as hidden fields, so a small form (search, sort) keeps the other filters. */
export function HiddenParams({ search, omit }: { search: URLSearchParams; omit: string[] }) {
  return (
    <>
      {[...search]
        .filter(([key]) => !omit.includes(key))
        .map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
    </>
  );
}
