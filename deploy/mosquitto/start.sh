#!/bin/sh
# Writes the cloud's account from MQTT_CLOUD_PASSWORD, keeps the gateways' accounts, starts Mosquitto.
set -eu
passwd=/mosquitto/data/passwd
touch "$passwd"
chmod 0700 "$passwd"
mosquitto_passwd -b "$passwd" cloud "$MQTT_CLOUD_PASSWORD"
exec mosquitto -c /mosquitto/config/mosquitto.conf
