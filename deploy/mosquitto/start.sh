#!/bin/sh
# Writes the cloud's account (MQTT_CLOUD_PASSWORD, hashed with the plugin's own pw tool) and the
# configuration with this deployment's MQTT_AUTH_TOKEN, then starts Mosquitto.
set -eu
: "${MQTT_AUTH_TOKEN:?set MQTT_AUTH_TOKEN}"
: "${MQTT_CLOUD_PASSWORD:?set MQTT_CLOUD_PASSWORD}"
printf 'cloud:%s\n' "$(/mosquitto/pw -p "$MQTT_CLOUD_PASSWORD")" > /tmp/passwords
printf 'user cloud\ntopic readwrite #\n' > /tmp/acl
sed "s|\${MQTT_AUTH_TOKEN}|${MQTT_AUTH_TOKEN}|g" /mosquitto/config/mosquitto.conf.template > /tmp/mosquitto.conf
exec mosquitto -c /tmp/mosquitto.conf
