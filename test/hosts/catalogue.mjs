// The catalogue object every host fixture hands the element through its `catalog` property: the
// embedded UK one with one front colour renamed, so the page shows whether the object was used.
import uk from '../../docs/catalogue.uk.json' with { type: 'json' };

/** The renamed front colour's id, and its name in the fixtures' first catalogue. */
export const RENAMED_COLOUR = 'racing_green';
export const FIRST_NAME = 'Fixture Green';

/** The UK catalogue, a fresh copy, with the front colour `RENAMED_COLOUR` called `name`. */
export function catalogueNaming(name) {
  const copy = structuredClone(uk);
  for (const colour of copy.colours.front.standard) if (colour.id === RENAMED_COLOUR) colour.name = name;
  return copy;
}
