/**
 * The benchmark's filtered browse (keyword, country, price range, bedrooms, by price), as query
 * parameters of /real-estate: the bench loads it and the EXPLAIN test reads its plan.
 */
export const FILTERED_BROWSE = {
  q: "apartment",
  location: "Kenya",
  minPrice: "20000",
  maxPrice: "2000000",
  bedrooms: "2",
  sort: "price-low",
};
