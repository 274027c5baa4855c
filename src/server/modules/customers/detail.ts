// spec 3 §3 "Result tables" (customers; the detail also reads country and custom_properties), the
// body of GET /customers/{id}. Read by the application role with the partner predicate on every
// table: another partner's customer is the same 404 as an unknown id (ARCHITECTURE §3 tenancy).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { CustomerDetail } from '../../../lib/contracts/nlq';

interface CustomerDbRow {
  id: string | number;
  salutation: string | null;
  first_name: string | null;
  last_name: string | null;
  street: string | null;
  zip_code: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
  email_2: string | null;
  phone1: string | null;
  phone2: string | null;
  ads_opt_out: boolean;
}

export async function getCustomerDetail(db: Db, partnerId: number, customerId: number): Promise<CustomerDetail> {
  const [row] = await rows<CustomerDbRow>(
    db,
    sql`select c.id, c.salutation, c.first_name, c.last_name, c.street, c.postal_code as zip_code, c.city, c.country,
               c.email, c.email_2, c.phone1, c.phone2, c.ads_opt_out
        from customers c
        where c.id = ${customerId} and c.partner_id = ${partnerId}`,
  );
  if (!row) throw notFound('Customer');
  const properties = await rows<{ label: string; content: string }>(
    db,
    sql`select p.label, p.content from customer_properties p
        where p.customer_id = ${customerId} and p.partner_id = ${partnerId}
        order by p.label, p.id`,
  );
  return {
    id: String(row.id),
    salutation: row.salutation,
    first_name: row.first_name,
    last_name: row.last_name,
    street: row.street,
    // The base table keeps an empty postal code for customers whose source had none.
    zip_code: row.zip_code || null,
    city: row.city || null,
    country: row.country,
    email: row.email,
    email_2: row.email_2,
    phone1: row.phone1,
    phone2: row.phone2,
    ads_opt_out: row.ads_opt_out,
    custom_properties: properties.map((p) => ({ label: p.label, content: p.content })),
  };
}
