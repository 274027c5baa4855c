CREATE TABLE "customer_properties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"label" text NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nlq_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"original_description" text NOT NULL,
	"result_type" text NOT NULL,
	"language" text NOT NULL,
	"saved" boolean DEFAULT false NOT NULL,
	"typed_query" jsonb,
	"sql" text,
	"params" jsonb,
	"filters" jsonb,
	"result_ids" jsonb,
	"num_results" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	"task_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"task_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "salutation" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_2" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone1" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone2" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "ads_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_transactions" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "ticket_transactions" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "ticket_transactions" ADD COLUMN "seat_id" text;--> statement-breakpoint
ALTER TABLE "ticket_transactions" ADD COLUMN "ground_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "ticket_transactions" ADD COLUMN "discount_minor" bigint;--> statement-breakpoint
ALTER TABLE "customer_properties" ADD CONSTRAINT "customer_properties_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_properties" ADD CONSTRAINT "customer_properties_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlq_questions" ADD CONSTRAINT "nlq_questions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlq_questions" ADD CONSTRAINT "nlq_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nlq_questions" ADD CONSTRAINT "nlq_questions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_properties_label_idx" ON "customer_properties" USING btree ("partner_id","label","content");--> statement-breakpoint
CREATE INDEX "customer_properties_customer_idx" ON "customer_properties" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "nlq_questions_user_idx" ON "nlq_questions" USING btree ("partner_id","user_id","saved");--> statement-breakpoint
-- Sentinel (spec 3; docs/SENTINEL-DATA.md): hand-written below this line. Sentinel queries run as
-- the role encore_sentinel, which reads only the views of the schema sentinel, under row-level
-- security bound to one partner. Roles are global to a cluster: another database of the same
-- cluster (the API tests' throwaway databases) may have made it already, possibly at this moment.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'encore_sentinel') THEN
    BEGIN
      CREATE ROLE encore_sentinel NOLOGIN NOINHERIT;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- The executor switches to the role with SET LOCAL ROLE, which needs membership — on PostgreSQL
-- 16+ with the SET option: the membership a CREATEROLE user gets on a role it creates carries only
-- ADMIN, so MEMBER alone would not do there. A concurrent grant of the same membership may collide.
DO $$
DECLARE
  need text := CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END;
BEGIN
  IF NOT pg_catalog.pg_has_role(current_user, 'encore_sentinel', need) THEN
    BEGIN
      EXECUTE pg_catalog.format('GRANT encore_sentinel TO %I%s', current_user, CASE WHEN need = 'SET' THEN ' WITH SET TRUE' ELSE '' END);
    EXCEPTION WHEN OTHERS THEN
      IF NOT pg_catalog.pg_has_role(current_user, 'encore_sentinel', need) THEN RAISE; END IF;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- The partner binding. A plain setting would not do: encore_sentinel may call set_config itself
-- (every role may), so a query could rebind the partner half-way through. The executor binds with
-- sentinel_bind(partner) (not callable by encore_sentinel), which stores "partner:signature" keyed
-- by a secret of this database that encore_sentinel cannot read; the policies accept only a
-- correctly signed value, so a rebinding matches no row at all.
CREATE TABLE "sentinel_binding_key" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"secret" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "sentinel_binding_key" ("secret")
  SELECT md5(random()::text || clock_timestamp()::text) || md5(random()::text || pg_backend_pid()::text);
--> statement-breakpoint
-- No SET clause on these functions: a function with one reverts set_config(…, true) at its exit,
-- so every name inside is schema-qualified instead.
CREATE FUNCTION public.sentinel_bind(partner integer) RETURNS text
LANGUAGE sql VOLATILE SECURITY DEFINER AS $$
  SELECT pg_catalog.set_config('encore.partner_id',
    partner::text || ':' || pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(k.secret || ':' || partner::text, 'UTF8')), 'hex'),
    true)
  FROM public.sentinel_binding_key k
$$;
--> statement-breakpoint
CREATE FUNCTION public.sentinel_partner_id() RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER AS $$
  SELECT CASE
    WHEN pg_catalog.split_part(s.v, ':', 2) = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(k.secret || ':' || pg_catalog.split_part(s.v, ':', 1), 'UTF8')), 'hex')
    THEN pg_catalog.split_part(s.v, ':', 1)::integer
  END
  FROM (SELECT pg_catalog.current_setting('encore.partner_id', true) AS v) s, public.sentinel_binding_key k
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.sentinel_bind(integer) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION public.sentinel_partner_id() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.sentinel_partner_id() TO encore_sentinel;
--> statement-breakpoint
CREATE SCHEMA sentinel;
--> statement-breakpoint
CREATE VIEW sentinel.customers WITH (security_invoker = true) AS
SELECT c.id, c.partner_id, c.salutation, c.first_name, c.last_name, c.street, c.postal_code AS zip_code, c.city,
       c.country, c.email, c.email_2, c.phone1, c.phone2, c.ads_opt_out, c.birth_year, c.created_at
FROM public.customers c;
--> statement-breakpoint
-- Lineups and setlists are small jsonb arrays of the row itself: unpacking them is per-event work
-- over a few thousand events at most.
CREATE VIEW sentinel.events WITH (security_invoker = true) AS
SELECT e.id, e.partner_id, e.eid, e.title, e.description, e.category, e.start_date_time,
       (e.start_date_time AT TIME ZONE 'UTC')::date AS date,
       to_char(e.start_date_time AT TIME ZONE 'UTC', 'HH24:MI') AS start_time,
       e.capacity, e.price, v.city, v.name AS venue, h.name AS hall,
       ARRAY(SELECT x ->> 'artist_name' FROM jsonb_array_elements(e.lineups) x) AS artists,
       ARRAY(SELECT x ->> 'artist_name' FROM jsonb_array_elements(e.setlists) x) AS composers,
       ARRAY(SELECT x ->> 'track' FROM jsonb_array_elements(e.setlists) x) AS works,
       e.frontend_status,
       f.now_value::double precision AS already_sold,
       f.prediction_value::double precision AS prediction,
       f.predicted_tickets AS sales_prediction,
       f.now_benchmark::double precision AS benchmark
FROM public.events e
LEFT JOIN public.halls h ON h.id = e.hall_id
LEFT JOIN public.venues v ON v.id = h.venue_id
LEFT JOIN public.event_forecasts f ON f.event_id = e.id;
--> statement-breakpoint
CREATE VIEW sentinel.transactions WITH (security_invoker = true) AS
SELECT t.id, t.partner_id, t.event_id, t.customer_id, t.invoice_id, t.sold_at,
       (t.sold_at AT TIME ZONE 'UTC')::date AS date,
       to_char(t.sold_at AT TIME ZONE 'UTC', 'HH24:MI') AS time,
       t.quantity AS tickets, t.ticket_type, t.price_category,
       t.amount_minor / 100.0 AS amount,
       t.ground_price_minor / 100.0 AS ground_price,
       t.discount_minor / 100.0 AS discount,
       p.currency, t.payment_method, t.seat_id
FROM public.ticket_transactions t
JOIN public.partners p ON p.id = t.partner_id;
--> statement-breakpoint
CREATE VIEW sentinel.customer_properties WITH (security_invoker = true) AS
SELECT cp.partner_id, cp.customer_id, cp.label, cp.content
FROM public.customer_properties cp;
--> statement-breakpoint
GRANT USAGE ON SCHEMA sentinel TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT ON sentinel.customers, sentinel.events, sentinel.transactions, sentinel.customer_properties TO encore_sentinel;
--> statement-breakpoint
-- security_invoker views check the base tables with the reader's rights: exactly the columns the
-- views read, nothing else.
GRANT SELECT (id, partner_id, salutation, first_name, last_name, street, postal_code, city, country, email, email_2,
              phone1, phone2, ads_opt_out, birth_year, created_at) ON public.customers TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT (id, partner_id, eid, title, description, category, start_date_time, capacity, price, hall_id, lineups,
              setlists, frontend_status) ON public.events TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT (id, partner_id, venue_id, name) ON public.halls TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT (id, partner_id, name, city) ON public.venues TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT (event_id, partner_id, now_value, prediction_value, predicted_tickets, now_benchmark) ON public.event_forecasts TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT (id, partner_id, event_id, customer_id, invoice_id, sold_at, quantity, ticket_type, price_category,
              amount_minor, ground_price_minor, discount_minor, payment_method, seat_id) ON public.ticket_transactions TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT (id, currency) ON public.partners TO encore_sentinel;
--> statement-breakpoint
GRANT SELECT (partner_id, customer_id, label, content) ON public.customer_properties TO encore_sentinel;
--> statement-breakpoint
-- Those column grants would also let the role name the base tables directly (still under the
-- policies below). Without USAGE on the schema public it cannot name them at all, while the views
-- (bound to the tables, not to their names) still work. Only the schema's owner may revoke it;
-- elsewhere the policies remain the wall (docs/SENTINEL-DATA.md).
DO $$ BEGIN
  IF pg_catalog.pg_has_role(current_user, (SELECT nspowner FROM pg_catalog.pg_namespace WHERE nspname = 'public'), 'USAGE') THEN
    REVOKE USAGE ON SCHEMA public FROM PUBLIC;
  ELSE
    RAISE NOTICE 'schema public not owned by %: encore_sentinel keeps USAGE on it', current_user;
  END IF;
END $$;
--> statement-breakpoint
-- Not FORCEd: the tables' owner (the application, which runs these migrations) is not bound by them.
ALTER TABLE public.customers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.halls ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.venues ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.event_forecasts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.ticket_transactions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.partners ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE public.customer_properties ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- (SELECT …) makes the bound partner an InitPlan: computed once per query, and an index condition.
CREATE POLICY sentinel_partner ON public.customers FOR SELECT TO encore_sentinel USING (partner_id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
CREATE POLICY sentinel_partner ON public.events FOR SELECT TO encore_sentinel USING (partner_id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
CREATE POLICY sentinel_partner ON public.halls FOR SELECT TO encore_sentinel USING (partner_id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
CREATE POLICY sentinel_partner ON public.venues FOR SELECT TO encore_sentinel USING (partner_id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
CREATE POLICY sentinel_partner ON public.event_forecasts FOR SELECT TO encore_sentinel USING (partner_id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
CREATE POLICY sentinel_partner ON public.ticket_transactions FOR SELECT TO encore_sentinel USING (partner_id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
CREATE POLICY sentinel_partner ON public.partners FOR SELECT TO encore_sentinel USING (id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
CREATE POLICY sentinel_partner ON public.customer_properties FOR SELECT TO encore_sentinel USING (partner_id = (SELECT public.sentinel_partner_id()));
--> statement-breakpoint
-- The one door for a Sentinel query. SET LOCAL ROLE alone is not a wall: the session user (the
-- application) stays allowed to switch back, and set_config('role', …) inside the query would do
-- so half-way, e.g. before query_to_xml('…') reads a base table as the owner. PostgreSQL refuses
-- every role change inside a SECURITY DEFINER function, so the query runs inside one owned by
-- encore_sentinel. Session-level advisory locks survive the ROLLBACK of the executor; they are
-- released here, on success and on failure (query_canceled is not part of OTHERS).
CREATE FUNCTION sentinel.run(query text) RETURNS SETOF text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER
SET search_path = sentinel
SET standard_conforming_strings = on
AS $$
BEGIN
  BEGIN
    RETURN QUERY EXECUTE query;
  EXCEPTION WHEN query_canceled OR OTHERS THEN
    PERFORM pg_catalog.pg_advisory_unlock_all();
    RAISE;
  END;
  PERFORM pg_catalog.pg_advisory_unlock_all();
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION sentinel.run(text) FROM PUBLIC;
--> statement-breakpoint
-- A new owner needs CREATE on the schema at the moment of the change only.
GRANT CREATE ON SCHEMA sentinel TO encore_sentinel;
--> statement-breakpoint
ALTER FUNCTION sentinel.run(text) OWNER TO encore_sentinel;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA sentinel FROM encore_sentinel;
