-- An event's price in Sentinel is its average ticket price (tests/nlq-accuracy/RULES.md): the
-- events.price the partner set, else what its tickets sold for on average (revenue / tickets,
-- cancelled rows left out). The demo and most imports leave events.price empty, so "events with
-- an average price over 100 €" answered nothing. A scalar sub-select: it is computed only for
-- queries that read the column, through tx_partner_event_idx.
CREATE OR REPLACE VIEW sentinel.events WITH (security_invoker = true) AS
SELECT e.id, e.partner_id, e.eid, e.title, e.description, e.category, e.start_date_time,
       (e.start_date_time AT TIME ZONE 'UTC')::date AS date,
       to_char(e.start_date_time AT TIME ZONE 'UTC', 'HH24:MI') AS start_time,
       e.capacity,
       COALESCE(e.price, (
         SELECT (sum(t.amount_minor) / 100.0 / NULLIF(sum(t.quantity), 0))::double precision
         FROM public.ticket_transactions t
         WHERE t.partner_id = e.partner_id AND t.event_id = e.id AND t.ticket_type <> 'cancelled'
       )) AS price,
       v.city, v.name AS venue, h.name AS hall,
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
