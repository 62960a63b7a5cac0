import { defineDerived, fn, trigger } from './derived.js';

/** The search texts of the claims that show a renamed order, product or company (`column`: the claim's column naming it). */
const searchTextsOfClaimsWith = (column: string) => `
      begin
        update claim_search_texts s
           set search_text = claim_search_text(c.status, c.description, c.client_production_order_id, c.client_product_id, c.company_id)
          from claims c
         where c.id = s.claim_id and c.${column} = new.id;
        return null;
      end `;

export const claimSearchTexts = defineDerived({
  name: 'claim-search-texts',
  owner: 'claims',
  tables: ['claim_search_texts'],
  sources: ['claims', 'client_production_orders', 'client_products', 'companies'],
  rule: `One row per claim: the text its list's search matches (its number, status, description, order number,
product and company names), trigram-indexed. Rewritten when the claim changes, or the order number, product or company
name it shows.`,
  readBy: ['web/src/features/claims (the claims list\'s search)'],
  functions: [
    fn('claim_search_text(claim_status text, claim_description text, claim_order integer, claim_product integer, claim_company text) returns text language sql stable', `
      select concat_ws(chr(31), lower(claim_status), lower(claim_description),
                       (select lower(o.order_no) from client_production_orders o where o.id = claim_order),
                       (select lower(p.article_no) from client_products p where p.id = claim_product),
                       (select lower(p.product_name) from client_products p where p.id = claim_product),
                       (select lower(co.name) from companies co where co.id = claim_company))
    `),
    fn('claims_search_text_set() returns trigger language plpgsql', `
    begin
      insert into claim_search_texts (claim_id, search_text)
      values (new.id, claim_search_text(new.status, new.description, new.client_production_order_id, new.client_product_id, new.company_id))
      on conflict (claim_id) do update set search_text = excluded.search_text;
      return null;
    end `),
    fn('claims_search_text_of_client_production_orders() returns trigger language plpgsql', searchTextsOfClaimsWith('client_production_order_id')),
    fn('claims_search_text_of_client_products() returns trigger language plpgsql', searchTextsOfClaimsWith('client_product_id')),
    fn('claims_search_text_of_companies() returns trigger language plpgsql', searchTextsOfClaimsWith('company_id')),
    fn('claims_search_refill() returns void language sql', `
      insert into claim_search_texts (claim_id, search_text)
      select c.id, concat_ws(chr(31), lower(c.status), lower(c.description), lower(o.order_no), lower(p.article_no), lower(p.product_name), lower(co.name))
        from claims c
        join client_production_orders o on o.id = c.client_production_order_id
        join client_products p on p.id = c.client_product_id
        join companies co on co.id = c.company_id
      on conflict (claim_id) do update set search_text = excluded.search_text
       where claim_search_texts.search_text is distinct from excluded.search_text
    `),
  ],
  triggers: [
    trigger('claims_search_text', 'after insert or update of status, description, client_production_order_id, client_product_id, company_id on claims for each row execute function claims_search_text_set()'),
    trigger('claims_search_text_of_client_production_orders', 'after update of order_no on client_production_orders for each row when ((old.order_no is distinct from new.order_no)) execute function claims_search_text_of_client_production_orders()'),
    trigger('claims_search_text_of_client_products', 'after update of article_no, product_name on client_products for each row when (((old.article_no is distinct from new.article_no) or (old.product_name is distinct from new.product_name))) execute function claims_search_text_of_client_products()'),
    trigger('claims_search_text_of_companies', 'after update of name on companies for each row when ((old.name is distinct from new.name)) execute function claims_search_text_of_companies()'),
  ],
  refill: [
    'select claims_search_refill()',
  ],
  kept: {
    claim_search_texts: 'select * from claim_search_texts',
  },
});
