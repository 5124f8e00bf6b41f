# The installation's part of the Varnish setup, included by default.vcl: the app's instances and
# who may send purges. This example matches deploy/docker-compose.yml (two replicas, app1 and
# app2, on port 3000); list yours the same way.

probe healthz {
  .url = "/healthz";
  .interval = 5s;
  .timeout = 2s;
  .window = 3;
  .threshold = 2;
}

backend app1 { .host = "app1"; .port = "3000"; .probe = healthz; }
backend app2 { .host = "app2"; .port = "3000"; .probe = healthz; }

sub vcl_init {
  new app = directors.round_robin();
  app.add_backend(app1);
  app.add_backend(app2);
}

# The addresses the instances send their purges from (EDGE_PURGE_URL points here).
acl purgers {
  "localhost";
  "127.0.0.1";
  "::1";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
}
