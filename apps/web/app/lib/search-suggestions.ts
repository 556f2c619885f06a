/**
 * What a search box's suggestions resource route answers (JSON), grouped: the deals box has one group, the
 * header's box three (events, artists, deals). Picking an option goes to its `href`.
 */
export type SuggestionOption = { id: string; label: string; detail?: string; href: string };
export type SuggestionGroup = { label: string; options: SuggestionOption[] };
export type SuggestionsAnswer = { groups: SuggestionGroup[] };
