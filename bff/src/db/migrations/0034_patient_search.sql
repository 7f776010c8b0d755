-- The header's patient search (000 §2.7): a patient by name (any word order, a prefix of each word,
-- case and accents ignored), date of birth, phone, MRN or RPM ID, with indexes so the cost does not grow with the
-- table. No extension: the same plain SQL on PGlite and PostgreSQL (decisions.md "Patient search index").
-- The functions name each other with their schema: PostgreSQL 17+ (PGlite) builds indexes with a search_path of
-- pg_catalog only.

-- Lower case without accents: decomposed (NFD), combining marks dropped, and the Latin letters that do not decompose
-- spelt plainly. Curly and back quotes become spaces, separators as the apostrophe and the hyphen are. PostgreSQL's
-- C locale lowers only ASCII, so the folded letters are listed in both cases.
create function patient_search_fold(t text) returns text language sql immutable strict parallel safe as $$
  select replace(replace(replace(replace(replace(
    translate(lower(regexp_replace(normalize(t, nfd), U&'[\0300-\036F]', '', 'g')),
      U&'\00F8\00D8\0142\0141\0111\0110\00F0\00D0\0131\2019\2018\0060\00B4', 'oollddddi    '),
    U&'\00E6', 'ae'), U&'\00C6', 'ae'), U&'\0153', 'oe'), U&'\0152', 'oe'), U&'\00DF', 'ss')
$$;

-- The words of a text, folded: split at anything but a letter or digit (hyphens, apostrophes, spaces, slashes), each
-- cut to 16 characters (a longer word is found by its first 16). Empty for a text without words.
create function patient_search_words(t text) returns text[] language sql immutable strict parallel safe as $$
  select coalesce(array_agg(distinct left(w, 16)), '{}')
  from regexp_split_to_table(public.patient_search_fold(t), U&'[^a-z0-9\00C0-\FFFF]+') as w
  where w <> ''
$$;

-- Words marked as whole words.
create function patient_search_exact(words text[]) returns text[] language sql immutable strict parallel safe as $$
  select coalesce(array_agg(w || '$'), '{}') from unnest(words) as w
$$;

-- A name written as one word, without its separators: O'Brien as obrien, Smith-Jones as smithjones.
create function patient_search_solid(t text) returns text language sql immutable strict parallel safe as $$
  select regexp_replace(public.patient_search_fold(t), U&'[^a-z0-9\00C0-\FFFF]+', '', 'g')
$$;

-- A patient's whole words: each name's words and each name as one word, so O'Brien is found by 'o brien',
-- "o'brien" and 'obrien', and Smith-Jones by 'smith jones', 'smith-jones' and 'smithjones'.
create function patient_search_name_words(firstname text, lastname text) returns text[] language sql immutable
  strict parallel safe as $$
  select public.patient_search_words(firstname) || public.patient_search_words(lastname)
    || public.patient_search_words(public.patient_search_solid(firstname))
    || public.patient_search_words(public.patient_search_solid(lastname))
$$;

-- Every prefix of the patient's words, and each whole word marked with '$' (never part of a word): a search's words
-- are all in it when each is a prefix of some name word, and its marked words when each is a whole name word (an
-- exact match, listed first). The search reads both from the index alone.
create function patient_search_keys(firstname text, lastname text) returns text[] language sql immutable strict
  parallel safe as $$
  select coalesce(array_agg(distinct key), '{}') from (
    select left(w, n) as key
    from unnest(public.patient_search_name_words(firstname, lastname)) as w, generate_series(1, length(w)) as n
    union all
    select unnest(public.patient_search_exact(public.patient_search_name_words(firstname, lastname)))
  ) as keys
$$;

-- The name search: containment (@>) of the search's words, answered from the GIN index.
create index patients_search_keys_idx on patients using gin (patient_search_keys(firstname, lastname));
-- The MRN as typed, in any practice; the date of birth uses patients_dob_idx (0009), phone and mobile the digit
-- indexes of 0018, the RPM ID the primary key.
create index patients_mrn_idx on patients (lower(mrn)) where mrn is not null;
