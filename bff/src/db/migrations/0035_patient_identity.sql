-- Identity everywhere: a list row's patient carries 'Same name' when another patient of its practice,
-- not merged away, has the same first and last name, case aside. The lists ask per row they show
-- (bff/src/patients/identity-sql.ts), one probe of this index each. decisions.md "Patient identity".
create index patients_practice_same_name_idx on patients (practice_id, lower(lastname), lower(firstname))
  where merged_into_id is null;
